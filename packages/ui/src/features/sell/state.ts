import { atomWithCall } from '../../api/atom-with-call';
import { fetchDraft } from './api';

/** The user's open draft, loaded afresh on every visit to /new (another device may have changed it). Its reference
 * lists (brands, models, cities, a car's names) are the shared ones of store/reference.ts. */
export const draftAtom = atomWithCall((signal) => fetchDraft(signal));

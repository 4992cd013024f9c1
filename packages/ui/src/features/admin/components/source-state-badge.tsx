import type { SourcePostOutcome } from '@autoradar/core/source-links';
import { SOURCE_POST_OUTCOME_LABELS, SOURCE_STATE_LABELS } from '@autoradar/core/source-links';
import type { SourceState } from '@autoradar/core/aggregation';
import { Badge, type BadgeTone } from '../../../components/badge/badge';

const STATE_TONES: Record<SourceState, BadgeTone> = { active: 'positive', paused: 'neutral', broken: 'negative' };
const OUTCOME_TONES: Record<SourcePostOutcome, BadgeTone> = {
  published: 'positive',
  duplicate: 'info',
  not_sale: 'neutral',
  unparsed: 'negative',
};

/** A source's state in the words (активен, на паузе, не читается), coloured by kind. */
export function SourceStateBadge({ state }: { state: SourceState }) {
  return (
    <Badge tone={STATE_TONES[state]} size="m">
      {SOURCE_STATE_LABELS[state]}
    </Badge>
  );
}

/** What became of a source's post: опубликован, or why not (не продажа, дубликат, не разобрано). */
export function SourcePostOutcomeBadge({ outcome }: { outcome: SourcePostOutcome }) {
  return (
    <Badge tone={OUTCOME_TONES[outcome]} size="m">
      {SOURCE_POST_OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

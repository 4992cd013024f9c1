import { PATHS } from '../../paths';
import { lazyScreen, type FeatureRoute } from '../../routing';

export const notesRoutes: FeatureRoute[] = [
  {
    path: PATHS.notes,
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/notes-screen'), 'NotesScreen'),
  },
];

import { lazyScreen, type FeatureRoute } from '../../routing';

export const notesRoutes: FeatureRoute[] = [
  {
    path: 'notes',
    access: 'signed-in',
    Screen: lazyScreen(() => import('./screens/notes-screen'), 'NotesScreen'),
  },
];

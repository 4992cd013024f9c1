import { firstPaintSettled } from '@autoradar/ui/first-paint/wait';

// The app's entry is this small file; the app itself (start.tsx) runs once the first-paint script has put a returning
// user's first cards on the page from the early answer (issue 32), so its evaluation (most of a second of the main
// thread on a slow phone) does not hold them back. Its code is asked for by the page's head and compiled meanwhile
// (vite-app.ts). Without cards to paint it runs at once.
void firstPaintSettled().then(() => import('./start'));

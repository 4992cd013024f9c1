// The first-paint script's entry (its own small file, built by vite-app.ts firstPaintPlugin; issue 32).
import { startFirstPaint } from './painter';

void startFirstPaint();

// The favourite button's heart, apart from its component so the first paint (first-paint/painter.ts) draws the same.
export const HEART_PATH =
  'M12 20.3l-1.2-1.1C6.4 15.3 3.5 12.7 3.5 9.4 3.5 6.8 5.6 4.7 8.2 4.7c1.5 0 2.9.7 3.8 1.8.9-1.1 2.3-1.8 3.8-1.8 2.6 0 4.7 2.1 4.7 4.7 0 3.3-2.9 5.9-7.3 9.8L12 20.3z';

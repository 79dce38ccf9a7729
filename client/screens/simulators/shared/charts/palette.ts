// Series colours: each has at least 3:1 contrast on white (WCAG 1.4.11); lines also differ by dash,
// and every chart has its data table, so colour is never the only way to tell series apart.
export const PALETTE = ['#1f5c99', '#b35a00', '#1e6b34', '#8e2c8f', '#b3261e', '#0f6e6e', '#6b5d00', '#55606d'];
export const DASHES = ['', '6 3', '2 3', '8 3 2 3', '', '6 3', '2 3', '8 3 2 3'];
export const colorAt = (i: number) => PALETTE[i % PALETTE.length];
export const dashAt = (i: number) => DASHES[i % DASHES.length];

/** Slogan and benefit rotation period (spec §9). */
export const LANDING_ROTATION_MS = 3_000;

/** Spec 2 §9 "save message and saved indicator 3 s": how long "Saved successfully" stays. */
export const SAVE_MESSAGE_MS = 3000;

/** The spec's tooltip delay: a tooltip opens after the pointer rests this long. */
export const TOOLTIP_DELAY_MS = 400;

/** Below this width (Tailwind's sm) dialogs open as bottom sheets. */
export const SHEET_BELOW_PX = 640;

import { Tooltip, type TooltipProps } from '@blueprintjs/core';

/** §9: a tooltip opens after 700 ms of hover. */
export const TOOLTIP_OPEN_DELAY_MS = 700;

/** Blueprint's `Tooltip` with the app's timing (§9); every tooltip of the app is one of these. */
export function AppTooltip(props: TooltipProps) {
  return <Tooltip hoverOpenDelay={TOOLTIP_OPEN_DELAY_MS} {...props} />;
}

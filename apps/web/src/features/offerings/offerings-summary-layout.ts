/** The height of each offerings summary chart and of its placeholder while recharts loads, in CSS pixels. */
export const CHART_HEIGHT = 260;

/** The width of the summary's period dropdown and of its look-alike while antd's Select loads, in CSS pixels. */
export const PERIOD_SELECT_WIDTH = 160;

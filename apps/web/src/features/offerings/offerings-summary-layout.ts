/** The height of each offerings summary chart and of its placeholder while recharts loads, in CSS pixels. */
export const CHART_HEIGHT = 260;

/** The height of each donation chart and of its placeholder while recharts loads, in CSS pixels. */
export const DONATION_CHART_HEIGHT = 260;

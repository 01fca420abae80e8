/** Routes of the chart of accounts (spec 2.2). */
export const CHART_PATH = '/tenant/chartofaccount';
export const UPDATE_ACCOUNTS_PATH = '/tenant/chartofaccount/update';

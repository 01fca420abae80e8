/**
 * TanStack Query key factories, one per area. Lists are invalidated through their area's `all`
 * key after each mutation.
 */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
};

export const lookupKeys = {
  all: ['lookups'] as const,
  currencies: () => [...lookupKeys.all, 'currencies'] as const,
  countries: () => [...lookupKeys.all, 'countries'] as const,
  fxRates: () => [...lookupKeys.all, 'fx-rates'] as const,
};

export const accountKeys = {
  all: ['accounts'] as const,
  income: () => [...accountKeys.all, 'income'] as const,
  cashBank: () => [...accountKeys.all, 'cash-bank'] as const,
  remittance: () => [...accountKeys.all, 'remittance'] as const,
};

export const offeringItemKeys = {
  all: ['offering-items'] as const,
  list: () => [...offeringItemKeys.all, 'list'] as const,
  one: (id: string) => [...offeringItemKeys.all, 'one', id] as const,
};

export interface OfferingFilter {
  contribution?: string;
  eventname?: string;
  donor?: string;
}

export const offeringKeys = {
  all: ['offerings'] as const,
  page: (page: number) => [...offeringKeys.all, 'page', page] as const,
  filtered: (filter: OfferingFilter) => [...offeringKeys.all, 'filtered', filter] as const,
  summary: () => [...offeringKeys.all, 'summary'] as const,
  one: (id: string) => [...offeringKeys.all, 'one', id] as const,
  report: (date: string, activityId: string | null) => [...offeringKeys.all, 'report', date, activityId] as const,
};

export const eventKeys = {
  all: ['events'] as const,
  activities: () => [...eventKeys.all, 'activities'] as const,
  categories: () => [...eventKeys.all, 'categories'] as const,
};

export const memberKeys = {
  all: ['members'] as const,
  search: (text: string) => [...memberKeys.all, 'search', text] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  stages: () => [...settingsKeys.all, 'life-cycle-stages'] as const,
  branchLevels: () => [...settingsKeys.all, 'branch-levels'] as const,
  customFields: () => [...settingsKeys.all, 'custom-fields'] as const,
};

export const groupKeys = {
  all: ['groups'] as const,
  tree: () => [...groupKeys.all, 'tree'] as const,
  one: (id: string) => [...groupKeys.all, 'one', id] as const,
};

export const messagingKeys = {
  all: ['messaging'] as const,
  units: () => [...messagingKeys.all, 'units'] as const,
  groups: () => [...messagingKeys.all, 'communication-groups'] as const,
  sent: (channel: 'sms' | 'email', page: number) => [...messagingKeys.all, 'sent', channel, page] as const,
  report: (id: string, page: number, status: string | null) =>
    [...messagingKeys.all, 'report', id, page, status] as const,
  outbox: (channel: 'sms' | 'email' | null, page: number) => [...messagingKeys.all, 'outbox', channel, page] as const,
};

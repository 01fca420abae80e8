/** The mutation envelope (DESIGN.md §1.1): `{status, response, returnObject}`. */
export function ok<T>(returnObject: T, response = 'Successful'): { status: true; response: string; returnObject: T } {
  return { status: true, response, returnObject };
}

/** The 400/404 envelope with the fields at fault. */
export function failure(response: string, errors?: { field: string; message: string }[]) {
  return { status: false as const, response, returnObject: null, ...(errors ? { errors } : {}) };
}

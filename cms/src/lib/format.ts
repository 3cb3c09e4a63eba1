// How the CMS writes amounts and times for editors.

export const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** An API instant as the editor reads it: minutes, UTC. */
export const day = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';

/** A datetime-local value, read as UTC, as the API's instant form (whole seconds, Z). */
export const utcInstant = (local: string) => new Date(`${local}Z`).toISOString().replace(/\.\d+Z$/, 'Z');

/** An API instant as a datetime-local value (UTC, minutes). */
export const localValue = (iso: string) => iso.slice(0, 16);

/** This moment as an API instant. */
export const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

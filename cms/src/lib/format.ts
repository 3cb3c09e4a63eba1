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

/**
 * A deal's temperature (hot votes minus cold votes) as the deals communities write it: degrees, with a real minus
 * sign below zero so it reads as a number, not a dash.
 */
export const degrees = (t: number) => `${t < 0 ? '\u2212' : ''}${Math.abs(t)}°`;

/** A deal turns hot the first time its temperature reaches this (it then joins the app's hot list). */
export const HOT_AT = 100;

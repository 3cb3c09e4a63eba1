// Types of scripts/contract.mjs, for the unit test that checks it.
export type ContractValues = Record<string, [value: unknown, what: string]>;
export const DOCUMENT: string;
export function contractValues(doc: unknown): ContractValues;
export function readContract(): ContractValues;

import { describe, expect, it } from 'vitest';
import { day, degrees, localValue, money, utcInstant } from '../../src/lib/format';

describe('format', () => {
  it('reads a datetime-local value as UTC, in the API\'s instant form', () => {
    expect(utcInstant('2026-11-20T13:42')).toBe('2026-11-20T13:42:00Z');
    expect(localValue('2026-11-20T13:42:26Z')).toBe('2026-11-20T13:42');
  });
  it('shows instants to the minute, UTC', () => {
    expect(day('2026-11-20T13:42:26Z')).toBe('2026-11-20 13:42 UTC');
  });
  it('shows amounts in dollars', () => {
    expect(money(12.99)).toBe('$12.99');
    expect(money(1299)).toBe('$1,299.00');
  });
  it('shows temperatures in degrees, with a minus sign below zero', () => {
    expect(degrees(0)).toBe('0°');
    expect(degrees(142)).toBe('142°');
    expect(degrees(-7)).toBe('\u22127°');
  });
});

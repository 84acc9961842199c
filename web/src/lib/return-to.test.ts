import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to.ts';

const origin = 'https://storyloom.example';

describe('safeReturnPath (back to where you were, same origin only)', () => {
  it.each([
    ['/shared/abc', '/shared/abc'],
    ['/stories?page=2', '/stories?page=2'],
    ['/story/1#comments', '/story/1#comments'],
  ])('keeps the path %j', (value, expected) => {
    expect(safeReturnPath(value, origin)).toBe(expected);
  });

  it.each([
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['dashboard'],
    [''],
    [null],
    [42],
    ['/login'],
    ['/register?next=/x'],
    ['/reset-password?token=t'],
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value, origin)).toBeNull();
  });
});

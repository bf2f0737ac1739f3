import { describe, expect, it } from 'vitest';
import { type KeyPress, shellKey } from './shell-keys.ts';

const on = (tagName: string, more: Partial<KeyPress['target']> = {}): KeyPress['target'] => ({
  tagName,
  isContentEditable: false,
  isSearch: false,
  inRow: false,
  isRow: false,
  isHeading: false,
  inDialog: false,
  ...more,
});
const press = (key: string, target = on('BODY'), more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  isComposing: false,
  target,
  ...more,
});

describe('the shell’s keys', () => {
  it('are /, j, k, the arrows on a row, Enter on a row and ? where the agent is not typing', () => {
    expect(shellKey(press('/'))).toBe('search');
    expect(shellKey(press('j'))).toBe('next');
    expect(shellKey(press('k', on('A')))).toBe('previous');
    expect(shellKey(press('ArrowDown', on('TR', { isRow: true, inRow: true })))).toBe('next');
    expect(shellKey(press('ArrowUp', on('H1', { isHeading: true })))).toBe('previous');
    expect(shellKey(press('Enter', on('TR', { isRow: true, inRow: true })))).toBe('open');
    expect(shellKey(press('?'))).toBe('keys');
  });

  it('never fire while the agent types in a field, nor with Ctrl, ⌘ or Alt, nor in a dialog', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(shellKey(press('j', on(tag)))).toBeNull();
    expect(shellKey(press('/', on('DIV', { isContentEditable: true })))).toBeNull();
    expect(shellKey(press('k', undefined, { ctrlKey: true }))).toBeNull();
    expect(shellKey(press('j', undefined, { metaKey: true }))).toBeNull();
    expect(shellKey(press('?', undefined, { altKey: true }))).toBeNull();
    expect(shellKey(press('j', on('BUTTON', { inDialog: true })))).toBeNull();
    expect(shellKey(press('j', undefined, { defaultPrevented: true }))).toBeNull();
  });

  it('take Escape in the screen’s search field back to the screen, and leave it to any other field', () => {
    expect(shellKey(press('Escape', on('INPUT', { isSearch: true })))).toBe('leave');
    expect(shellKey(press('Escape', on('INPUT')))).toBeNull();
    expect(shellKey(press('Escape', on('INPUT', { isSearch: true }), { defaultPrevented: true }))).toBeNull();
  });

  it('leave the arrows to the page and Enter to the link or button away from a row', () => {
    expect(shellKey(press('ArrowDown', on('BUTTON')))).toBeNull();
    expect(shellKey(press('Enter', on('A', { inRow: true })))).toBeNull();
    expect(shellKey(press('Enter'))).toBeNull();
  });
});

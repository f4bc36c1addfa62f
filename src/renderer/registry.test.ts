import { describe, expect, it } from 'vitest';
import { isRegistered, registerBlockType, registeredTypes } from './registry';

const component = async () => ({ default: () => null });

describe('block registry (§8)', () => {
  it('discovers every schema file as a registered type', () => {
    expect(registeredTypes.has('banner')).toBe(true);
    expect(registeredTypes.size).toBeGreaterThanOrEqual(48);
  });

  it('lets a plugin add a type, and refuses one that conflicts with another', () => {
    registerBlockType('pluginCountdown', component);
    expect(isRegistered('pluginCountdown')).toBe(true);
    expect(() => registerBlockType('banner', component)).toThrow('Tried to register block type that conflicts with another');
    expect(() => registerBlockType('pluginCountdown', component)).toThrow('Tried to register block type that conflicts with another');
    expect(() => registerBlockType('', component)).toThrow('Unable to make block, no type was defined');
  });
});

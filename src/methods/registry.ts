/**
 * Method modules by code. A code without its own module is served by the generic one, so every
 * code of the table can be paid; `registeredCodes` lists those with a module of their own.
 */
import { PAYIN_METHOD_CODES } from '../api/schemas/method-table.js';
import { genericMethod } from './generic.js';
import type { MethodModule } from './types.js';

const modules = new Map<string, MethodModule>(PAYIN_METHOD_CODES.map((code) => [code, genericMethod]));

/** Registers a module for one or more codes (the package's own, or a merchant's). */
export function registerMethod(codes: readonly string[], module: MethodModule): void {
  for (const code of codes) modules.set(code, module);
}

export function methodFor(code: string): MethodModule {
  return modules.get(code) ?? genericMethod;
}

export function registeredCodes(): string[] {
  return [...modules.keys()];
}

export type { MethodModule };

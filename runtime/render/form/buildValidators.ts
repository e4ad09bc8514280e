import { checkFieldValue, ruleMessage, type RuleTexts } from '../../model/fieldRules';
import type { FieldDef, ServedModel } from '../../model/types';
import { isPatternName, patternMessage, patternRegex } from '../../validation/patterns';
import type { FieldDefV2 } from '../../model/v2Parts';
import { modelText } from '../modelText';

/**
 * Formily x-validator rules: the built-in required rule (it also draws the asterisk), then one function
 * returning '' or the message of the first rule the value breaks.
 */
export type ValidatorRule = { required: boolean; message: string } | { validator: (value: unknown) => string };

function patternOf(served: ServedModel, name: string): { regex: string; message: string } | undefined {
  const servedPattern = served.patterns[name];
  if (servedPattern) return servedPattern;
  // a server that did not list the pattern: the shared file has the same regex and texts
  return isPatternName(name) ? { regex: patternRegex(name).source, message: patternMessage(name, served.lang) } : undefined;
}

/**
 * The server's own rules (runtime/model/fieldRules.ts is the one implementation both sides call), as
 * Formily validators: the same order, the same messages, in the served language.
 */
export function buildValidators(served: ServedModel, def: FieldDef): ValidatorRule[] {
  const pattern = def.pattern ? patternOf(served, def.pattern) : undefined;
  if (def.pattern && !pattern) throw new Error(`model ${served.model.id}: field "${def.label}" uses the unknown pattern "${def.pattern}"`);
  const regex = pattern ? new RegExp(pattern.regex) : undefined;
  const texts: RuleTexts = { lang: served.lang, text: (zh) => modelText(served, zh), patternMessage: pattern?.message };

  // emptiness is the required rule's business (it also draws the asterisk); the rest only judge values
  const optional: FieldDef = { ...def, required: false };
  const firstBroken = (raw: unknown): string => {
    const checked = checkFieldValue(optional, raw, regex);
    return checked.ok ? '' : ruleMessage(def, checked.rule, texts);
  };

  const rules: ValidatorRule[] = [];
  if (def.required) rules.push({ required: true, message: ruleMessage(def, 'required', texts) });
  // requiredWhen: the rule starts off; the field's reaction turns it on, and Formily keeps this message
  else if ((def as FieldDefV2).requiredWhen) rules.push({ required: false, message: ruleMessage(def, 'required', texts) });
  rules.push({ validator: firstBroken });
  return rules;
}

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MachineFile } from '../../../electron/core/config/config';
import { CONFIG_SCHEMA_PATH, machineConfigSchemaText } from '../../../scripts/config-schema';

describe('docs/config.schema.json', () => {
  it('is what `npm run config:schema` writes from the zod schema (run it after changing the config)', () => {
    expect(readFileSync(CONFIG_SCHEMA_PATH, 'utf8')).toBe(machineConfigSchemaText());
  });

  it('describes every machine file field and refuses unknown ones', () => {
    const schema = JSON.parse(machineConfigSchemaText()) as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(MachineFile.shape).sort());
    expect(schema.properties).toHaveProperty('updateUrl');
    expect(schema.properties).toHaveProperty('openAtLogin');
    expect(schema.additionalProperties).toBe(false);
  });
});

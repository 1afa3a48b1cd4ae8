/**
 * `npm run config:schema`: writes docs/config.schema.json, the JSON Schema of the machine config
 * file, from the zod schema the app validates it with (electron/core/config/config.ts). A unit test
 * fails when the committed file is not what this script writes.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MachineFile } from '../electron/core/config/config';

export const CONFIG_SCHEMA_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'docs',
  'config.schema.json',
);

export function machineConfigSchemaText(): string {
  const schema = {
    ...z.toJSONSchema(MachineFile, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://frontdesk.app/schemas/config.schema.json',
    title: 'Frontdesk machine configuration',
    description:
      'Machine-wide settings for IT: /etc/frontdesk/config.json (Linux), %ProgramData%\\Frontdesk\\config.json (Windows), /Library/Application Support/Frontdesk/config.json (macOS) or the file named by FRONTDESK_CONFIG. Every field is optional; an unknown field stops the app. See docs/deploy.md.',
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CONFIG_SCHEMA_PATH, machineConfigSchemaText());
  console.log(`config:schema: wrote ${CONFIG_SCHEMA_PATH}`);
}

// `npm run reliability`: Cronbach's alpha of every scale (and every BIG5 facet) over everyone's
// current answers, with the banks the server would load (ASSESSMENT_BANKS_DIR). Target: .70.
//
// The database is DATABASE_URL, else the embedded one in DATA_DIR: the running server's when it
// is up (its port is in postmaster.pid), otherwise started for the duration of the script.
import { alphaPerScale, type ScaleAlpha } from '@app/assessments/cronbach-alpha';
import { assessmentSequence, loadBanks } from '@app/assessments/load-banks';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type Config } from '../../../config.ts';
import { startEmbeddedPostgres } from '../../../db/embedded-postgres.ts';

const alphaTarget = 0.7;

async function runningEmbeddedUrl(config: Config): Promise<string | undefined> {
  const pidFile = await readFile(path.join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const [pidLine, , , portLine] = pidFile?.split('\n') ?? [];
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const password = (await readFile(path.join(config.dataDir, 'postgres-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
}

async function withDatabase<T>(config: Config, work: (client: pg.Client) => Promise<T>): Promise<T> {
  let url = config.databaseUrl ?? (await runningEmbeddedUrl(config));
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: pino({ level: 'warn' }) });
    url = embedded.url;
    stop = embedded.stop;
  }
  const client = new pg.Client({ connectionString: url, application_name: 'compass-reliability' });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
    await stop?.();
  }
}

/** Everyone's current answers, one map (item id to choice value) per respondent. */
async function respondents(client: pg.Client): Promise<Map<string, number>[]> {
  const result = await client.query<{ user_id: string; item_id: string; choice_value: number }>('SELECT user_id, item_id, choice_value FROM current_answers ORDER BY user_id');
  const byUser = new Map<string, Map<string, number>>();
  for (const row of result.rows) {
    let answers = byUser.get(row.user_id);
    if (!answers) byUser.set(row.user_id, (answers = new Map()));
    answers.set(row.item_id, row.choice_value);
  }
  return [...byUser.values()];
}

function formatLine(line: ScaleAlpha): string {
  const name = line.facet === null ? line.scale : `  ${line.facet}`;
  const alpha = line.alpha === null ? 'n/a' : line.alpha.toFixed(3);
  const verdict = line.alpha === null ? '(too few respondents or no variance)' : line.alpha < alphaTarget ? `below ${alphaTarget.toFixed(2)}` : '';
  return `${name.padEnd(28)} ${String(line.items).padStart(5)} ${String(line.respondents).padStart(11)} ${alpha.padStart(7)}  ${verdict}`.trimEnd();
}

const config = loadConfig(process.env);
const banks = loadBanks(config.assessmentBanksDir === undefined ? {} : { overrideDir: config.assessmentBanksDir });
const everyone = await withDatabase(config, respondents);
let below = 0;
for (const id of assessmentSequence) {
  const bank = banks[id];
  const lines = alphaPerScale(bank, everyone);
  console.log(`\n${bank.title.en} (bank version ${bank.version}), Cronbach's alpha, target >= ${alphaTarget.toFixed(2)}`);
  console.log(`${'scale'.padEnd(28)} ${'items'.padStart(5)} ${'respondents'.padStart(11)} ${'alpha'.padStart(7)}`);
  for (const line of lines) {
    console.log(formatLine(line));
    if (line.alpha !== null && line.alpha < alphaTarget) below += 1;
  }
}
console.log(`\n${everyone.length} respondents; ${below} scale(s) or facet(s) below ${alphaTarget.toFixed(2)}.`);

// `npm run backup [-- FILE]`: the server's database in pg_dump's custom format (issue 14). It works
// on the database the server uses (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, attached
// to while the server runs). `npm run backup -- --help` prints the usage.
import { runBackupCommand } from './backup-command.ts';

process.exitCode = await runBackupCommand(process.argv.slice(2), process.env, {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
});

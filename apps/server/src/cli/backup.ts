// `npm run backup [-- FILE]`: the server's database (issue 14), also while the server runs: the
// embedded PostgreSQL of DATA_DIR as a copy of its data directory (.tar.gz, embedded-backup.ts), a
// database at DATABASE_URL in pg_dump's custom format. `npm run backup -- --help` prints the usage.
import { runBackupCommand } from './backup-command.ts';

process.exitCode = await runBackupCommand(process.argv.slice(2), process.env, {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
});

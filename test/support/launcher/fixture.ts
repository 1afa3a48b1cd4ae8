/** A child for the launcher test: reports the signal it gets and exits with a known code. */
const mode = process.argv[2];
if (mode === 'exit') process.exit(Number(process.argv[3]));
let count = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    count++;
    process.stdout.write(`got ${signal} ${count}\n`);
    setTimeout(() => process.exit(signal === 'SIGTERM' ? 7 : 8), 300);
  });
}
process.stdout.write(`ready ${typeof (1 as number)}\n`);
setInterval(() => undefined, 1_000);

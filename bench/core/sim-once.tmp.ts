import { runSimulatedDay } from '../../test/support/core/simulated-day';
process.env.FRONTDESK_LOG_LEVEL = 'silent';
const f = await runSimulatedDay(process.argv[2] ? { start: Date.parse(process.argv[2]) } : {});
console.log(JSON.stringify(f));

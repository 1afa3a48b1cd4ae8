import { runSimulatedDay } from '../../test/support/core/simulated-day';
process.env.FRONTDESK_LOG_LEVEL = 'silent';
const f = await runSimulatedDay({ devices: Number(process.argv[2] ?? 1), ...(process.argv[3] ? { bookingEveryMin: Number(process.argv[3]) } : {}) });
console.log(JSON.stringify(f));

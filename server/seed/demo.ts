/**
 * Demo data: "Salon Lindenhof", a hair salon in Berlin. Exported so that tests and the kiosk know
 * what `--seed demo` loads. Seeding is idempotent (upserts by fixed ids).
 */
import type { ServerDb } from '../db/open';
import type { NewEmployee, NewService } from '../db/catalog';
import { upsertEmployee, upsertService } from '../db/catalog';

const CUT = 'Haarschnitt';
const COLOUR = 'Farbe & Pflege';

export const DEMO_SERVICES = [
  {
    id: 'svc-damen-schnitt',
    title: 'Damenhaarschnitt',
    description: 'Waschen, Schneiden, Föhnen',
    category: CUT,
    price: 48,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 45,
    durationUnit: 'minutes',
    features: ['Waschen', 'Beratung', 'Föhnen'],
    enabled: true,
    sortOrder: 10,
  },
  {
    id: 'svc-herren-schnitt',
    title: 'Herrenhaarschnitt',
    description: 'Schneiden mit Maschine und Schere',
    category: CUT,
    price: 29,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 30,
    durationUnit: 'minutes',
    features: ['Waschen', 'Styling'],
    enabled: true,
    sortOrder: 20,
  },
  {
    id: 'svc-kinder-schnitt',
    title: 'Kinderhaarschnitt',
    description: 'Für Kinder bis 12 Jahre',
    category: CUT,
    price: 18,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 30,
    durationUnit: 'minutes',
    features: [],
    enabled: true,
    sortOrder: 30,
  },
  {
    id: 'svc-bart',
    title: 'Bartpflege',
    description: 'Konturen, Trimmen, heißes Handtuch',
    category: CUT,
    price: 15,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 15,
    durationUnit: 'minutes',
    features: ['Heißes Handtuch'],
    enabled: true,
    sortOrder: 40,
  },
  {
    id: 'svc-faerben',
    title: 'Färben',
    description: 'Komplettfarbe inklusive Pflegekur',
    category: COLOUR,
    price: 79,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 2,
    durationUnit: 'hours',
    features: ['Pflegekur', 'Beratung'],
    enabled: true,
    sortOrder: 50,
  },
  {
    id: 'svc-straehnen',
    title: 'Strähnen',
    description: 'Foliensträhnen, Oberkopf',
    category: COLOUR,
    price: 89.5,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 90,
    durationUnit: 'minutes',
    features: ['Pflegekur'],
    enabled: true,
    sortOrder: 60,
  },
  {
    id: 'svc-dauerwelle',
    title: 'Dauerwelle',
    description: 'Zurzeit nicht im Angebot',
    category: COLOUR,
    price: 95,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 150,
    durationUnit: 'minutes',
    features: [],
    enabled: false,
    sortOrder: 70,
  },
  {
    id: 'svc-hochsteckfrisur',
    title: 'Hochsteckfrisur',
    description: 'Aus dem Angebot genommen',
    category: CUT,
    price: 65,
    currency: 'EUR',
    taxRate: 19,
    durationValue: 60,
    durationUnit: 'minutes',
    features: [],
    enabled: true,
    sortOrder: 80,
    deletedAt: Date.UTC(2026, 0, 15),
  },
] as const satisfies readonly NewService[];

const weekdays = (start: string, end: string, days: number[]) =>
  Object.fromEntries(days.map((d) => [d, [{ start, end }]])) as NewEmployee['weekly'];

export const DEMO_EMPLOYEES = [
  {
    id: 'emp-anna',
    name: 'Anna Becker',
    email: 'anna.becker@salon-lindenhof.example',
    phone: '+49 30 1234567-1',
    role: 'Friseurmeisterin',
    bookable: true,
    // Monday to Friday 09:00-18:00 with lunch 12:30-13:15.
    weekly: weekdays('09:00', '18:00', [1, 2, 3, 4, 5]),
    breaks: weekdays('12:30', '13:15', [1, 2, 3, 4, 5]),
    serviceIds: [
      'svc-damen-schnitt',
      'svc-faerben',
      'svc-straehnen',
      'svc-kinder-schnitt',
      'svc-dauerwelle',
    ],
  },
  {
    id: 'emp-mehmet',
    name: 'Mehmet Yilmaz',
    email: 'mehmet.yilmaz@salon-lindenhof.example',
    phone: '+49 30 1234567-2',
    role: 'Barbier',
    bookable: true,
    // Tuesday to Friday 11:00-20:00, Saturday 09:00-15:00; lunch on weekdays.
    weekly: { ...weekdays('11:00', '20:00', [2, 3, 4, 5]), 6: [{ start: '09:00', end: '15:00' }] },
    breaks: weekdays('14:00', '14:30', [2, 3, 4, 5]),
    serviceIds: ['svc-herren-schnitt', 'svc-bart', 'svc-kinder-schnitt'],
  },
  {
    id: 'emp-sophie',
    name: 'Sophie Wagner',
    email: 'sophie.wagner@salon-lindenhof.example',
    phone: '+49 30 1234567-3',
    role: 'Friseurin',
    bookable: true,
    // Mornings: Monday, Wednesday, Thursday 08:00-14:00; split shift on Friday.
    weekly: {
      ...weekdays('08:00', '14:00', [1, 3, 4]),
      5: [
        { start: '08:00', end: '12:00' },
        { start: '15:00', end: '19:00' },
      ],
    },
    breaks: {},
    serviceIds: ['svc-damen-schnitt', 'svc-herren-schnitt', 'svc-straehnen', 'svc-kinder-schnitt'],
  },
  {
    id: 'emp-lukas',
    name: 'Lukas Hoffmann',
    email: 'lukas.hoffmann@salon-lindenhof.example',
    phone: '+49 30 1234567-4',
    role: 'Auszubildender',
    // A trainee: works in the salon but cannot be booked directly.
    bookable: false,
    weekly: weekdays('09:00', '17:00', [1, 2, 3, 4, 5]),
    breaks: weekdays('12:00', '12:30', [1, 2, 3, 4, 5]),
    serviceIds: ['svc-herren-schnitt'],
  },
] as const satisfies readonly NewEmployee[];

/** Loads the demo business; running it again leaves the same catalog (bookings are untouched). */
export function seedDemo(db: ServerDb): void {
  db.transaction(() => {
    for (const service of DEMO_SERVICES)
      upsertService(db, { ...service, features: [...service.features] });
    for (const employee of DEMO_EMPLOYEES) {
      upsertEmployee(db, { ...employee, serviceIds: [...employee.serviceIds] });
    }
  });
}

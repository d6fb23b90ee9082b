import type { CategoryOption } from '../../shared/domain/ticket/classifier/classifier';
import type { TicketText } from '../../shared/domain/ticket/ticket-text';
import type { TicketMessage } from '../../shared/domain/ticket/ticket.schema';

/** The nine categories of the classifier's unit tests, with short descriptions as an organization would write them. */
export const NINE_CATEGORIES: CategoryOption[] = [
  { name: 'Connectivity', description: 'wifi, bluetooth, pairing, device offline' },
  { name: 'Power', description: 'battery, charging, device does not turn on' },
  { name: 'Billing', description: 'invoices, payments, refunds, subscriptions' },
  { name: 'Hardware damage', description: 'broken or cracked device, water damage' },
  { name: 'Firmware', description: 'firmware updates, software versions, bugs after an update' },
  { name: 'Installation', description: 'mounting, wiring, setup of a new device' },
  { name: 'Account', description: 'login, password, user access' },
  { name: 'Shipping', description: 'orders, delivery, returns' },
  { name: 'Sensor accuracy', description: 'wrong readings, calibration, temperature or humidity off' },
];

/** A ticket from its title and (role, content) messages. */
export const ticket = (title: string, ...messages: [TicketMessage['role'], string][]): TicketText => ({
  title,
  description: '',
  messages: messages.map(([role, content]) => ({ role, content })),
});

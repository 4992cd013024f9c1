// Literal sets shared by the database (pgEnum), the contract (z.enum) and the UI.
// Kept together so that moving the domain ones into packages/core is a single diff.

/** Channel value of the product's own listings; aggregated posts carry their Telegram channel or `vk`. */
export const SITE_CHANNEL = 'site';
export const VK_CHANNEL = 'vk';

export const userRoles = ['admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const vehicleKinds = ['car', 'moto'] as const;
export type VehicleKind = (typeof vehicleKinds)[number];

export const postStatuses = ['published', 'unpublished'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const mediaKinds = ['photo', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export const contactTypes = ['phone', 'telegram', 'whatsapp', 'email', 'vk'] as const;
export type ContactType = (typeof contactTypes)[number];

export const sendModes = ['immediately', 'worktime'] as const;
export type SendMode = (typeof sendModes)[number];

/** Where a saved filter delivers its notifications (`filters.via`). */
export const notificationChannels = ['email', 'telegram'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const ticketKinds = ['support', 'inspection'] as const;
export type TicketKind = (typeof ticketKinds)[number];

/** `sandbox`: the local checkout used when no shop credentials are configured (DESIGN.md §4). */
export const paymentProviders = ['yookassa', 'sandbox'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** YooKassa payment statuses, stored verbatim. */
export const paymentStatuses = ['pending', 'waiting_for_capture', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const orderStatuses = ['new', 'processing', 'completed', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderSectionKeys = ['baseInfo', 'ownershipPeriods', 'osago', 'restrictions'] as const;
export type OrderSectionKey = (typeof orderSectionKeys)[number];

// Russian texts of the test-period card (spec §4 Test period). 'Доступ истек' is core's MESSAGES.testPeriodExpired.

export const testPeriodMessages = {
  title: 'Тестовый период PRO',
  offer: '24 часа PRO бесплатно и без карты: новые объявления сразу, уведомления о новых автомобилях и публикация.',
  activate: 'Активировать бесплатно',
  guestOffer: 'Войдите, чтобы включить 24 часа PRO бесплатно и без карты.',
  signIn: 'Войти',
  running: 'Тестовый период активен',
  left: 'Осталось',
  progressLabel: 'Оставшееся время тестового периода',
  percentLeft: (percent: number) => `Осталось ${percent}% периода`,
  expiredNote: 'Сейчас доступны базовые возможности: новые объявления появляются с задержкой 24 часа.',
  buyPro: 'Подключить PRO',
} as const;

/** The compact banner of the search screen and the chip it folds into (issue 32). */
export const testPeriodCompactMessages = {
  offer: '24 часа PRO бесплатно',
  activate: 'Активировать',
  dismiss: 'Скрыть предложение',
  chip: 'Тестовый период',
  chipRunning: (countdown: string) => `PRO: ${countdown}`,
} as const;

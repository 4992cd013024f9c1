// Russian texts of /pay and the payment result pages (spec §1, §2, §9). The error texts come from core.
import { DEFAULT_TIME_ZONE } from '@autoradar/core';

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: DEFAULT_TIME_ZONE,
});

export const payMessages = {
  documentTitle: (appName: string) => `Услуги и цены — ${appName}`,
  title: 'Услуги и цены',
  lead: 'Ищите машины раньше других: PRO показывает новые объявления сразу, без задержки.',
  pro: {
    title: 'Подписка PRO',
    perMonth: 'в месяц',
    oldPrice: (price: string) => `Старая цена ${price}`,
    benefits: [
      'Новые объявления сразу, без задержки на 24 часа',
      'Уведомления о новых автомобилях по сохранённым фильтрам — на почту или в Telegram',
      'Публикация своих объявлений',
      'Анализ объявлений искусственным интеллектом в ленте',
    ],
    buy: (price: string) => `Подключить PRO за ${price}`,
    extend: (price: string) => `Продлить PRO за ${price}`,
    signIn: 'Войти и подключить PRO',
    signInNote: 'Сначала войдите — после входа вы вернётесь на эту страницу.',
    activeUntil: (date: string) => `PRO активен до ${date}`,
    paymentNote:
      'Оплата картой через ЮKassa. Данные карты вводятся на странице платёжного сервиса, мы их не получаем и не храним.',
    trial: 'Хотите сначала попробовать? На экране поиска можно включить 24 часа PRO бесплатно, без карты.',
    trialLink: 'Перейти к поиску',
  },
  basic: {
    title: 'Базовый доступ',
    price: 'Бесплатно',
    text: 'Поиск по всем источникам, фильтры и избранное; новые объявления появляются с задержкой 24 часа.',
  },
  inspection: {
    title: 'Осмотр автомобиля перед покупкой',
    price: (price: string) => `от ${price}`,
    text: 'Специалист проверит кузов, двигатель, ходовую часть и документы и расскажет, о чём стоит договориться с продавцом. Заказать осмотр можно на странице любого объявления кнопкой «Заказать осмотр».',
  },
  success: {
    documentTitle: (appName: string) => `Оплата прошла — ${appName}`,
    title: 'Спасибо за оплату!',
    text: 'Подписка PRO подключена: новые объявления теперь видны сразу.',
    pending: 'Подтверждение платежа может занять минуту — статус обновится сам.',
    home: 'На главную',
  },
  fail: {
    documentTitle: (appName: string) => `Оплата не прошла — ${appName}`,
    title: 'Оплата не прошла',
    text: 'Платёж не был завершён. Попробуйте ещё раз — или напишите нам, если что-то пошло не так.',
    retry: 'Попробовать снова',
    support: 'Написать в поддержку',
  },
  formatDate: (value: Date) => dateFormat.format(value),
} as const;

import { MESSAGES } from '@autoradar/core';

// Sign-in texts of the API (the shared ones come from core's MESSAGES). The browser flows show them on /login
// (`#error=`), so each says what happened and what to do.
export const AUTH_MESSAGES = {
  initDataInvalid: MESSAGES.invalidInitData,
  initDataUnsigned: 'Данные Telegram не подписаны: откройте приложение из Telegram',
  initDataExpired: 'Данные Telegram устарели: закройте и снова откройте приложение',
  initDataNoUser: 'В данных Telegram нет пользователя: откройте приложение из чата с ботом',
  widgetInvalid: 'Не удалось проверить вход через Telegram: попробуйте ещё раз',
  widgetExpired: 'Ссылка входа через Telegram устарела: войдите ещё раз',
  yandexNotConfigured: 'Вход через Яндекс не настроен на этом сервере',
  yandexDenied: 'Вход через Яндекс отменён',
  yandexStateInvalid: 'Ссылка входа через Яндекс недействительна или устарела: войдите ещё раз',
  yandexOtherBrowser: 'Вход через Яндекс нужно завершить в том же браузере, где он начат: войдите ещё раз',
  yandexStateUsed: 'Эта ссылка входа через Яндекс уже использована: войдите ещё раз',
  yandexTimeout: 'Яндекс не ответил вовремя: попробуйте войти ещё раз',
  yandexFailed: 'Не удалось войти через Яндекс: попробуйте ещё раз',
  signInFailed: 'Не удалось войти: попробуйте ещё раз',
} as const;

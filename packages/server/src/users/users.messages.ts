// Texts of the users module: what `pnpm admin:grant` answers.
export const USERS_MESSAGES = {
  grantBadIdentifier: (value: string) => `Укажите Telegram id (цифры) или e-mail пользователя, а не «${value}»`,
  grantUnknownUser: (value: string) => `Пользователь ${value} не найден: он должен хотя бы раз войти в приложение`,
  grantedAdmin: (value: string, id: number) => `Пользователь ${value} (id ${id}) теперь администратор`,
  alreadyAdmin: (value: string, id: number) => `Пользователь ${value} (id ${id}) уже администратор`,
} as const;

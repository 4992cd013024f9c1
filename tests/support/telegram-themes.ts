// The theme parameters Telegram gives a Mini App (tgWebAppThemeParams in the launch hash, theme_changed events): the
// colours of Telegram's own light and dark themes, for the journeys that open the mini-app in either.

export const TELEGRAM_LIGHT = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff4',
  section_bg_color: '#ffffff',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#8e8e93',
  subtitle_text_color: '#8e8e93',
  section_header_text_color: '#6d6d72',
  link_color: '#2481cc',
  accent_text_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  destructive_text_color: '#ff3b30',
};

export const TELEGRAM_DARK: TelegramTheme = {
  bg_color: '#212121',
  secondary_bg_color: '#0f0f0f',
  section_bg_color: '#212121',
  header_bg_color: '#212121',
  bottom_bar_bg_color: '#212121',
  text_color: '#ffffff',
  hint_color: '#aaaaaa',
  subtitle_text_color: '#aaaaaa',
  section_header_text_color: '#aaaaaa',
  link_color: '#8774e1',
  accent_text_color: '#8774e1',
  button_color: '#8774e1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ff595a',
};

export type TelegramTheme = typeof TELEGRAM_LIGHT;

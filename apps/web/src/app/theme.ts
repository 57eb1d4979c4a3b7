import type { MantineColorsTuple } from '@mantine/core';
import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Key under which the chosen theme ('light' | 'dark') is remembered. */
export const THEME_STORAGE_KEY = 'eproto-theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

const brand: MantineColorsTuple = [
  '#edf1ff',
  '#dbe2ff',
  '#b5c2fb',
  '#8d9ff6',
  '#6c82f2',
  '#5770f0',
  '#4b66f0',
  '#3c55d6',
  '#334bc0',
  '#253fa9',
];

// Dark greys with a touch of blue, so the dark theme reads as deep navy instead of flat grey.
const dark: MantineColorsTuple = [
  '#d5d9e4',
  '#b2b9ca',
  '#8e96ab',
  '#646c84',
  '#3d4460',
  '#2c3249',
  '#20253a',
  '#171b2d',
  '#111424',
  '#0b0e1a',
];

/** Names of the date pickers' header buttons (Mantine leaves them empty or in English). */
const CALENDAR_LABELS = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  monthLevelControl: 'Escolher o mês',
  yearLevelControl: 'Escolher o ano',
};

const fontStack =
  'Inter, "Segoe UI Variable", "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  // Filled buttons carry white text: shade 6 (4.7:1) in light and 7 (6.1:1) in dark pass WCAG AA.
  primaryShade: { light: 6, dark: 7 },
  // Pale filled colours (yellow, lime, green, teal, cyan, orange) take black text; see global.css.
  autoContrast: true,
  colors: { brand, dark },
  defaultRadius: 'md',
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  defaultGradient: { from: 'brand.5', to: 'teal.4', deg: 135 },
  components: {
    Button: { defaultProps: { fw: 600 } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
    // hideDetached hides a dropdown whose target it thinks is scrolled away. In a full-screen
    // modal on a touch phone, showing the list of a Select moves the layout, the target counts
    // as hidden, the list hides, the layout moves back: ~2,000 style changes a second and taps
    // that never land on an option (Mantine issue #8255). Every Select, MultiSelect, Menu and
    // date popover goes through Popover, so one default fixes them all.
    // floatingStrategy 'fixed': an absolute dropdown is part of the page's overflow, and on a
    // phone a list drawn for a moment off the screen's right edge (before it is placed) makes
    // the browser widen the page to 722 px and zoom out; the full-screen form jumps under the
    // finger, the tap ends outside the field and what is typed next never reaches it. A fixed
    // dropdown is never part of the page's width.
    Popover: { defaultProps: { shadow: 'lg', hideDetached: false, floatingStrategy: 'fixed' } },
    // Mantine's focus placeholder is a focusable child a role="menu" may not hold (axe, critical).
    Menu: { defaultProps: { shadow: 'lg', withInitialFocusPlaceholder: false } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: string) => ({
          'aria-label':
            control === 'previous'
              ? 'Página anterior'
              : control === 'next'
                ? 'Próxima página'
                : control === 'first'
                  ? 'Primeira página'
                  : 'Última página',
        }),
        getItemProps: (page: number) => ({ 'aria-label': `Página ${page}` }),
      },
    },
    // Icon-only close buttons need a name for screen readers.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Fechar' } },
    // The "×" of clearable selects and date inputs.
    InputClearButton: { defaultProps: { 'aria-label': 'Limpar' } },
    // Mantine's own English labels, spoken by screen readers.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar a senha' } },
    },
    // Week days as "seg ter qua" (dayjs' pt-br short form) rather than "2ª 3ª" mixed with "Do Sá".
    Calendar: {
      defaultProps: { locale: 'pt-br', ariaLabels: CALENDAR_LABELS, weekdayFormat: 'ddd' },
    },
    TimePicker: {
      defaultProps: {
        hoursInputLabel: 'Horas',
        minutesInputLabel: 'Minutos',
        secondsInputLabel: 'Segundos',
        amPmInputLabel: 'AM/PM',
      },
    },
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.55, blur: 3 },
        closeButtonProps: { 'aria-label': 'Fechar' },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

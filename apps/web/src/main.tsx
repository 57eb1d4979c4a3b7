import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app.tsx';
import { keepCaretWithFocus } from './lib/double-tap-focus.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado.');

keepCaretWithFocus(document);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

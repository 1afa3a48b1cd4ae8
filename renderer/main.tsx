import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createI18n } from './i18n/setup';
import { chooseKioskClient } from './kiosk/client';
import './styles/app.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App client={chooseKioskClient(window)} i18n={createI18n('en')} />
    </StrictMode>,
  );
}

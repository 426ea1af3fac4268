import { effect } from '@preact/signals';
import { render } from 'preact';
import { App } from './app.tsx';
import { language, setLanguage, t } from './i18n/index.ts';
import { applyTheme } from './theme/theme.ts';
import { unlockAudio } from './sound/sound.ts';
import { registerApp } from './ui/UpdateBanner.tsx';
import './theme/theme.css';
import './theme/board.css';

applyTheme();
unlockAudio();
setLanguage(language.value);
effect(() => {
  document.title = t('app.name');
});
render(<App />, document.getElementById('app')!);
registerApp();

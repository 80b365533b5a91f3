// Toolbar popup entry: its styles inline (no stylesheet request before the first paint), then the popup, connected first.
import { mountPage } from '../../ui/connection/mount-page';
import { Popup } from './popup';
import themeCss from '../../ui/theme.css?inline';
import popupCss from './popup.css?inline';

const style = document.createElement('style');
style.textContent = themeCss + popupCss;
document.head.append(style);

mountPage(<Popup />);

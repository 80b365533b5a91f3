// Welcome page entry (opened by itself on a first install that still needs the helper).
import { mountPage } from '../../ui/connection/mount-page';
import { WelcomePage } from './welcome-page';
import '../../ui/theme.css';
import './welcome.css';

mountPage(<WelcomePage />);

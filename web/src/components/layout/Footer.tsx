import { Link } from 'react-router-dom';
import { paths } from '#web/config/paths.ts';

/** Spec section 2: Privacy Policy, Terms of Service, Contact Us (a modal the app layer owns), copyright. */
export function Footer({ onContactClick }: { onContactClick: () => void }) {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul className="footer-links">
          <li>
            <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={paths.termsOfService.getHref()}>Terms of Service</Link>
          </li>
          <li>
            <button type="button" className="link-button" onClick={onContactClick} aria-haspopup="dialog">
              Contact Us
            </button>
          </li>
        </ul>
      </nav>
      <p className="copyright">© {new Date().getFullYear()} Storyloom</p>
    </footer>
  );
}

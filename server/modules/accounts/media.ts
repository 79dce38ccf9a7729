import express, { Router } from 'express';
import type { AppContext } from '../../context';
import { accountSettings } from './settings';

const IMAGE = /\.(png|jpe?g|webp)$/i;

/**
 * Uploaded pictures, read-only. Only image names are served; the answer cannot run anything
 * (sandboxing CSP, no sniffing) even if a file were not what its name says.
 */
export function mediaRouter(app: AppContext): Router {
  const router = Router();
  router.use(
    '/media',
    (req, res, next) => {
      // MEDIA_DIR/files holds the uploads of file properties: read only through the download
      // endpoints, which check the record's rights (server/modules/files/).
      if (!IMAGE.test(req.path) || req.path.split('/').some((p) => p.startsWith('.')) || /^\/files\//i.test(req.path)) {
        res.status(404).type('text').send('Not found');
        return;
      }
      next();
    },
    express.static(accountSettings(app).mediaDir, {
      index: false,
      dotfiles: 'deny',
      redirect: false,
      maxAge: '7d',
      immutable: true,
      setHeaders: (res) => {
        res.set('Content-Security-Policy', "default-src 'none'; sandbox");
        res.set('X-Content-Type-Options', 'nosniff');
        res.set('Cross-Origin-Resource-Policy', 'same-origin');
      },
    }),
    (_req, res) => {
      res.status(404).type('text').send('Not found');
    },
  );
  return router;
}

import type { Configuration } from 'electron-builder';
import { checkPacked } from './scripts/packaging/check-packed.ts';

// The installers (`npm run dist`, see scripts/packaging/dist.ts): Windows NSIS per machine (x64),
// Linux .deb and AppImage. test/unit/packaging/config.test.ts holds the rules below to what the
// issue asks; test/integration/packaging/ lays the app out as this file says and starts it.

/** Where installers are published for electron-updater (latest.yml next to them). The counter
 *  itself reads its feed from Settings (a supervisor sets it); this URL only names the feed in the
 *  files the build writes, so a release can be uploaded to it as is. */
export const UPDATE_FEED_URL = process.env.SHUBBAK_UPDATE_FEED_URL ?? 'https://updates.shubbak.invalid/stable';

/** Native modules: a .node file cannot be loaded from inside the ASAR archive, and
 *  pdf-to-printer's SumatraPDF.exe cannot be started from it. */
export const ASAR_UNPACK = ['**/*.node', '**/node_modules/better-sqlite3/**', '**/node_modules/keytar/**', '**/node_modules/pdf-to-printer/dist/*.exe'];

const config: Configuration = {
  appId: 'eg.shubbak.counter',
  productName: 'Shubbak',
  copyright: 'Shubbak',
  directories: { output: 'dist', buildResources: 'resources' },
  // The app is the build (out/) and package.json; electron-builder adds the production
  // dependencies (package.json "dependencies" and "optionalDependencies", never devDependencies).
  files: ['out/**/*', 'package.json'],
  // Read through process.resourcesPath in the packaged app (main/packaged.ts).
  extraResources: [{ from: 'resources/fonts', to: 'fonts', filter: ['*.woff', '*.txt'] }],
  asar: true,
  asarUnpack: ASAR_UNPACK,
  // Both native modules are N-API (better-sqlite3's prebuilds, keytar's build): the binaries npm
  // installed load in Electron unchanged, so nothing is rebuilt (no compiler on the build machine).
  // They are the build machine's own, hence each installer is built on its own OS (dist.ts).
  npmRebuild: false,
  // electron-builder's own check of its dependency tree (the afterPack hook checks the result).
  allowMissingDependencies: false,
  // Fails the build when app.asar lacks a production package (see scripts/packaging/check-packed.ts).
  afterPack: checkPacked,
  fileAssociations: [],
  protocols: [],
  // The fuses of the counter-trust issue (20): no way to run the binary as a plain Node, no
  // NODE_OPTIONS or --inspect to inject code, cookies encrypted, and only the validated app.asar.
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    grantFileProtocolExtraPrivileges: false,
  },
  publish: [{ provider: 'generic', url: UPDATE_FEED_URL, channel: 'latest' }],
  win: {
    target: [{ target: 'nsis', arch: ['x64'] }],
    icon: 'resources/icon.ico',
    // Signing: set CSC_LINK (the .pfx) and CSC_KEY_PASSWORD in the environment, or the
    // certificate's subject / SHA-1 for a certificate in the Windows store (docs/installing.md).
    signtoolOptions: {
      signingHashAlgorithms: ['sha256'],
      rfc3161TimeStampServer: 'http://timestamp.digicert.com',
      publisherName: process.env.SHUBBAK_WIN_PUBLISHER ?? null,
    },
    verifyUpdateCodeSignature: process.env.SHUBBAK_WIN_PUBLISHER !== undefined,
  },
  nsis: {
    oneClick: false,
    perMachine: true,
    allowElevation: true,
    allowToChangeInstallationDirectory: true,
    // The journal is the station's record of cash: uninstalling never deletes it (the uninstaller
    // leaves %APPDATA%\Shubbak; docs/installing.md says how to remove it on purpose).
    deleteAppDataOnUninstall: false,
    createDesktopShortcut: true,
    createStartMenuShortcut: true,
    shortcutName: 'Shubbak',
    installerIcon: 'resources/icon.ico',
    uninstallerIcon: 'resources/icon.ico',
    installerLanguages: ['en_US', 'ar_SA'],
    multiLanguageInstaller: true,
    artifactName: 'Shubbak-Setup-${version}-${arch}.${ext}',
  },
  linux: {
    target: [
      { target: 'deb', arch: ['x64'] },
      { target: 'AppImage', arch: ['x64'] },
    ],
    icon: 'resources/icons',
    category: 'Office',
    maintainer: 'Shubbak <support@shubbak.invalid>',
    executableName: 'shubbak',
    mimeTypes: [],
    artifactName: 'Shubbak-${version}-${arch}.${ext}',
  },
  deb: {
    // electron-builder's own list, plus CUPS' client (lp, lpstat: printing) and a Secret Service
    // (the keychain holding the Partner API credential).
    depends: ['libgtk-3-0', 'libnotify4', 'libnss3', 'libxss1', 'libxtst6', 'xdg-utils', 'libatspi2.0-0', 'libuuid1', 'libsecret-1-0', 'cups-client'],
    recommends: ['gnome-keyring', 'printer-driver-cups-pdf'],
  },
};

export default config;

// The few WebExtension APIs the extension uses, typed here: no @types/chrome in the project, and
// Firefox offers the same `chrome` namespace with promises for each of these in Manifest V3.
declare namespace chrome {
  namespace runtime {
    const id: string;
    const lastError: { message?: string } | undefined;
    function openOptionsPage(): Promise<void>;
    function getURL(path: string): string;
    const onInstalled: { addListener(cb: () => void): void };
    const onStartup: { addListener(cb: () => void): void };
  }
  namespace i18n {
    function getMessage(name: string, substitutions?: string | string[]): string;
    function getUILanguage(): string;
  }
  namespace storage {
    interface Area {
      get(keys: string | string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const local: Area;
  }
  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
      title?: string;
      windowId?: number;
    }
    function query(q: { active?: boolean; currentWindow?: boolean; url?: string | string[] }): Promise<Tab[]>;
    function get(id: number): Promise<Tab>;
  }
  namespace scripting {
    interface InjectionResult<T> {
      result?: T;
    }
    function executeScript<T>(details: { target: { tabId: number }; func: () => T }): Promise<InjectionResult<T>[]>;
  }
  namespace permissions {
    function request(p: { origins: string[] }): Promise<boolean>;
  }
  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      linkUrl?: string;
      selectionText?: string;
      pageUrl?: string;
    }
    function create(props: { id: string; title: string; contexts: string[] }): void;
    function removeAll(): Promise<void>;
    const onClicked: { addListener(cb: (info: OnClickData, tab?: tabs.Tab) => void): void };
  }
  namespace action {
    function setBadgeText(d: { text: string; tabId?: number }): Promise<void>;
    function setBadgeBackgroundColor(d: { color: string; tabId?: number }): Promise<void>;
    function setTitle(d: { title: string; tabId?: number }): Promise<void>;
  }
}

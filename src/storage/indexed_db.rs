//! The browser's IndexedDB, for files too big for local storage (the
//! player's word lists): one object store of bytes by file name. Every
//! call is asynchronous; [`super::Storage`] keeps the files in memory and
//! writes them through.

use js_sys::{Array, Promise, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransaction, IdbTransactionMode};

const DATABASE: &str = "wocable";
const STORE: &str = "files";

fn text(error: JsValue) -> String {
    error.as_string().or_else(|| js_sys::JSON::stringify(&error).ok().map(String::from)).unwrap_or_default()
}

/// The request's result, once it succeeded.
async fn done(request: &IdbRequest) -> Result<JsValue, String> {
    let finished = Promise::new(&mut |succeeded, failed| {
        request.set_onsuccess(Some(&succeeded));
        request.set_onerror(Some(&failed));
    });
    if JsFuture::from(finished).await.is_err() {
        let error = request.error().ok().flatten();
        return Err(error.map_or_else(|| "the browser refused".into(), |error| error.message()));
    }
    request.result().map_err(text)
}

/// Done once `transaction` is committed: what it wrote is kept, though
/// the page closes. (Listened to from now, before its requests are made.)
fn committed(transaction: &IdbTransaction) -> impl Future<Output = Result<(), String>> + use<> {
    let finished = Promise::new(&mut |succeeded, failed| {
        transaction.set_oncomplete(Some(&succeeded));
        transaction.set_onerror(Some(&failed));
        transaction.set_onabort(Some(&failed));
    });
    let transaction = transaction.clone();
    async move {
        if JsFuture::from(finished).await.is_err() {
            let error = transaction.error();
            return Err(error.map_or_else(|| "the browser did not keep it".into(), |error| error.message()));
        }
        Ok(())
    }
}

/// The database, made the first time.
async fn open() -> Result<IdbDatabase, String> {
    let window = web_sys::window().ok_or("no window")?;
    let factory = window.indexed_db().map_err(text)?.ok_or("no IndexedDB in this browser")?;
    let request = factory.open_with_u32(DATABASE, 1).map_err(text)?;
    let opened = request.clone();
    let make_store = Closure::once_into_js(move |_: JsValue| {
        if let Ok(database) = opened.result() {
            let _ = database.unchecked_into::<IdbDatabase>().create_object_store(STORE);
        }
    });
    request.set_onupgradeneeded(Some(make_store.unchecked_ref()));
    Ok(done(&request).await?.unchecked_into())
}

/// Every file kept, by name.
pub async fn read_all() -> Result<Vec<(String, Vec<u8>)>, String> {
    let database = open().await?;
    let store = database.transaction_with_str(STORE).and_then(|t| t.object_store(STORE)).map_err(text)?;
    let names: Array = done(&store.get_all_keys().map_err(text)?).await?.unchecked_into();
    let files: Array = done(&store.get_all().map_err(text)?).await?.unchecked_into();
    let names = names.iter().map(|name| name.as_string().unwrap_or_default());
    Ok(names.zip(files.iter().map(|file| Uint8Array::new(&file).to_vec())).collect())
}

/// Keeps `bytes` as the file `name`, replacing it whole.
pub async fn put(name: &str, bytes: &[u8]) -> Result<(), String> {
    let database = open().await?;
    let transaction = database.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite).map_err(text)?;
    let kept = committed(&transaction);
    let store = transaction.object_store(STORE).map_err(text)?;
    store.put_with_key(&Uint8Array::from(bytes), &JsValue::from_str(name)).map_err(text)?;
    kept.await
}

pub async fn delete(name: &str) -> Result<(), String> {
    let database = open().await?;
    let transaction = database.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite).map_err(text)?;
    let removed = committed(&transaction);
    let store = transaction.object_store(STORE).map_err(text)?;
    store.delete(&JsValue::from_str(name)).map_err(text)?;
    removed.await
}

#!/usr/bin/env python3
# Prints every byte of an encoded LocationProof with its field name: a reading aid for
# docs/proof-format.md, written independently of the Swift decoder (it does not validate).
import sys
data=open(sys.argv[1],'rb').read()
names={(): {1:'format_version',2:'proof_id',3:'proof_key',4:'claims',5:'stages',6:'device'},
 ('claims',):{1:'created_at_ms',2:'platform',3:'app_id',4:'region',5:'fix',6:'session_nonce',7:'content',8:'assurance'},
 ('claims','region'):{1:'circle',2:'geohash',3:'polygon'},
 ('claims','region','circle'):{1:'lat_e7',2:'lon_e7',3:'radius_m'},
 ('claims','fix'):{1:'lat_e7',2:'lon_e7',3:'horizontal_accuracy_mm',4:'fix_time_ms',5:'source'},
 ('claims','assurance'):{1:'verdict',2:'detector'},
 ('stages',):{1:'kind',2:'body',3:'signature'},
 ('stages','body'):{1:'bindings',2:'content_root'},
 ('stages','body','bindings'):{1:'claim_field',2:'sha256'},
 ('device',):{1:'app_attest',2:'android_key',3:'software'},
 ('device','software'):{1:'public_key',2:'signature'},
}
def varint(b,i):
    v=0;s=0;st=i
    while True:
        x=b[i];i+=1;v|=(x&0x7f)<<s;s+=7
        if x<0x80: return v,i
def walk(b,path,indent):
    i=0
    while i<len(b):
        st=i;tag,i=varint(b,i);f=tag>>3;wt=tag&7
        nm=names.get(path,{}).get(f,'?')
        if wt==0:
            v,j=varint(b,i);raw=b[st:j];i=j
            note=v
            if nm in('lat_e7','lon_e7'): note=f"{((v>>1)^-(v&1))} (sint32 zigzag)"
            print(f"{'  '*indent}{raw.hex(' ')}  {nm} = {note}")
        else:
            l,j=varint(b,i);p=b[j:j+l];i=j+l
            sub=path+(nm,)
            if sub in names and nm not in ('body',) or nm=='body':
                print(f"{'  '*indent}{b[st:j].hex(' ')}  {nm}: {l} bytes {{")
                walk(p,sub,indent+1)
                print(f"{'  '*indent}}}")
            else:
                s=p.hex(' ')
                if len(p)>24: s=p[:24].hex(' ')+' …'
                try:
                    t=p.decode(); 
                    if t.isprintable(): s+=f'  "{t}"'
                except: pass
                print(f"{'  '*indent}{b[st:j].hex(' ')} | {s}  {nm} ({l} bytes)")
walk(data,(),0)
